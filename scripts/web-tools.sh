# What the browser tests need, installed unless --skip-installs (or
# PARLOUR_WEB_SKIP_INSTALLS=1): Debian's chromium, nodejs, npm and python3;
# npm's playwright-core and pngjs into target/web-tools. Sourced by
# web-test.sh and phones-test.sh, from the project's root, with "$@" their
# arguments; leaves the others in pass_on.
skip_installs=${PARLOUR_WEB_SKIP_INSTALLS:-0}
pass_on=()
for arg in "$@"; do
    case $arg in
        --skip-installs) skip_installs=1 ;;
        *) pass_on+=("$arg") ;;
    esac
done
tools=target/web-tools

need_debian() { # need_debian COMMAND PACKAGE...
    local command=$1
    shift
    command -v "$command" >/dev/null 2>&1 && return 0
    if [ "$skip_installs" = 1 ] || [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        echo "web-test: $command is missing: install the Debian package(s) $*" >&2
        exit 1
    fi
    echo "web-test: installing $*"
    if [ -z "${apt_updated:-}" ]; then
        apt-get update -qq
        apt_updated=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
need_debian node nodejs
need_debian npm npm
need_debian python3 python3
need_debian "${PARLOUR_WEB_TEST_CHROMIUM:-/usr/bin/chromium}" chromium

if ! [ -f "$tools/node_modules/playwright-core/package.json" ] || ! [ -f "$tools/node_modules/pngjs/package.json" ]; then
    if [ "$skip_installs" = 1 ]; then
        echo "web-test: playwright-core or pngjs is missing in $tools (run without --skip-installs)" >&2
        exit 1
    fi
    echo "web-test: installing playwright-core and pngjs into $tools"
    mkdir -p "$tools"
    # The browser is Debian's: the package must not download its own.
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --prefix "$tools" --no-audit --no-fund --silent \
        playwright-core@1.64 pngjs@7
fi

