#!/bin/sh
# Starts the built store the way it should run in production: `npm start` runs this after the
# build, the bench starts its stores through it, and a systemd unit or a container's command can
# run it as it is (docs/operations.md#memory). Extra arguments go to node, before the script.
#
# Why a script: two of the settings are the C library's, read from the environment before node
# starts, so no code in the store can set them.
#
# - jemalloc, where the machine has it (Debian and Ubuntu: `apt-get install libjemalloc2`;
#   decision 0084). Under a crowd of rendered pages glibc's malloc fills its heap with small
#   buffers and, in about one crowd in three or four, cannot give the freed space back: ~100 MiB
#   stayed a minute after the crowd, which `malloc_trim` released at once. jemalloc returns
#   freed pages by itself (`background_thread`), within a couple of seconds (`dirty_decay_ms`),
#   and sharp then uses every core for photos instead of one. USE_JEMALLOC=0 keeps glibc's
#   malloc; an LD_PRELOAD or MALLOC_CONF set by the operator is kept as it is.
# - MALLOC_MMAP_THRESHOLD_=65536 for glibc's malloc (decision 0078): blocks of 64 KB and more
#   (a rendered page's buffer) come straight from the kernel and go back to it when freed.
#   jemalloc ignores it.
# - --max-semi-space-size=4: V8's young generation stays small after a burst (decision 0078).
set -eu
cd "$(dirname "$0")/.."

# off as the store's own switches are (server/config.ts): 0, false, no or off, in any case
case "$(printf '%s' "${USE_JEMALLOC:-}" | tr '[:upper:]' '[:lower:]')" in
  0 | false | no | off) use_jemalloc=no ;;
  *) use_jemalloc=yes ;;
esac

if [ -z "${LD_PRELOAD:-}" ] && [ "$use_jemalloc" = yes ]; then
  # Debian and Ubuntu keep it in the folder of the machine's own architecture (one of another
  # architecture would be refused by the loader, and glibc's malloc kept), Fedora and RHEL in
  # lib64, Arch and Alpine in lib
  for library in ${JEMALLOC_PATHS:-/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2 /usr/lib64/libjemalloc.so.2 /usr/local/lib/libjemalloc.so.2 /usr/lib/libjemalloc.so.2}; do
    if [ -r "$library" ]; then
      export LD_PRELOAD="$library"
      export MALLOC_CONF="${MALLOC_CONF:-background_thread:true,dirty_decay_ms:2000,muzzy_decay_ms:0}"
      break
    fi
  done
fi
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-65536}"

exec node --max-semi-space-size=4 "$@" build/node/main.js
