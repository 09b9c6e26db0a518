# rummy
