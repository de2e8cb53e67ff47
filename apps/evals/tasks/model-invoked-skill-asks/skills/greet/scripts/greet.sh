#!/bin/sh
# Writes greeting.txt in the current directory and says so.
printf 'Hello, %s!\n' "$1" > greeting.txt
echo "greeted $1"
