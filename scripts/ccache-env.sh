# shellcheck shell=bash
# Sourced by every script that compiles: one compiler cache per machine,
# outside the clone, so that a fresh clone (CI's) in another folder hits
# what the last build on this machine left. base_dir turns the clone's
# absolute paths into relative ones in the cache's keys; the working
# directory (build/obj-*) is left out of them for the same reason.
# Needs $top, the clone's top directory.
export CCACHE_DIR="${CCACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/hwrng-seed/ccache}"
export CCACHE_BASEDIR="${top:?}"
export CCACHE_NOHASHDIR=1
# Six kernels with sanitizers and a distribution's kernel; the default
# 5 GB would evict one kernel's objects to hold the next.
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-25G}"
