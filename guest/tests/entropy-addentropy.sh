#!/bin/sh
# entropy-ioctl with RNDADDENTROPY crediting INT_MAX first.
exec /tests/entropy-ioctl.sh addentropy
