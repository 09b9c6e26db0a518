# paper-boxing
