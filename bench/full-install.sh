#!/usr/bin/env bash
# The whole-install bench of issue 18: wall time and peak memory of `meshproof verify` on a
# synthetic install, as a user runs it, against the floor under every run. Not a test (no ctest):
# a full-scale run takes minutes and wants an idle machine.
#
#   bench/full-install.sh [--scale full|small|demo] [--game eldenring|sekiro] [--seed N]
#                         [--threads N] [--repeat N] [--one-thread] [--no-each-pass]
#                         [--peak-threads N] [--cache DIR] [--binary PATH] [--compare REPORT.json]
#
# The install is written once by `meshproof synth OUT --game G --scale S --seed N` into the
# cache folder ($MESHPROOF_BENCH_CACHE, default ~/.cache/meshproof-bench/G-S-seedN; a
# `.complete` file beside it marks a finished write) and reused by later runs. The `.complete`
# file holds the writer's fingerprint (the hash of the demo install the binary writes for the game
# and seed): a later binary whose writer writes other bytes is told that the cached install is not
# what its synth writes (delete the cache folder to write it again), and the run goes on with it,
# so that two binaries are still measured on one install. Then, each run
# timed by /usr/bin/time (wall seconds, peak RSS), the fastest of --repeat runs kept:
#   floor        `verify --inflate-only` (hidden): every member decompressed by the pipeline's own
#                code in its fan-out and each byte read once; nothing parsed (engine/pipeline/inflate_floor.h)
#   decode only  `verify --passes none`: inflate, tagfile parse, mesh decode, no pass
#   numbering    `verify --passes numbering`: the issue's "≈ decode only" (a trivial pass)
#   every pass   `verify`, every pass (with --one-thread, also at --threads 1)
#   peak         with --peak-threads N (e.g. 16): `verify`, every pass, at --threads N with the
#                progress display on (the count's kept listings held too), its peak RSS checked
#                against the 512 MB bound of issue 45 (the script exits 3 when it is above); N
#                threads run even above the machine's cores, and the row says how many ran
#   each pass    `verify --passes NAME` for every pass the install's game runs; "+ s" is its time
#                minus decode only
# and prints the tables in Markdown with ratios to the floor, and each pass's thread seconds in the
# every-pass run. --compare REPORT.json says whether the every-pass JSON report is byte-identical to
# REPORT.json (a report of an earlier binary on the same install: a speed-up must not change it).
# A warm-up floor run first puts the install in the page cache, so that every timed run reads it
# from memory. Every run's reports and timings files stay in a temporary folder whose path is
# printed.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)

scale=full game=eldenring seed=1 threads=0 repeat=1 one_thread=0 each_pass=1 peak_threads=0 peak_bound_mb=512
compare=""
cache=${MESHPROOF_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/meshproof-bench}
binary=${MESHPROOF_BINARY:-$repo/build/meshproof}
while [ $# -gt 0 ]; do
  case $1 in
    --scale) scale=$2; shift 2 ;;
    --game) game=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --one-thread) one_thread=1; shift ;;
    --no-each-pass) each_pass=0; shift ;;
    --peak-threads) peak_threads=$2; shift 2 ;;
    --cache) cache=$2; shift 2 ;;
    --binary) binary=$2; shift 2 ;;
    --compare) compare=$2; shift 2 ;;
    -h|--help) sed -n '2,/^[^#]/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "full-install.sh: unknown argument '$1' (--help)" >&2; exit 2 ;;
  esac
done
[ -x "$binary" ] || { echo "full-install.sh: no meshproof binary at $binary (build it, or give --binary)" >&2; exit 2; }

install=$cache/$game-$scale-seed$seed
# The writer's fingerprint: the hash of the demo install this binary writes for the game and seed.
writer_fingerprint() {
  local demo
  demo=$(mktemp -d)
  "$binary" synth "$demo/install" --game "$game" --scale demo --seed "$seed" >/dev/null 2>&1
  (cd "$demo/install" && find . -type f -print0 | sort -z | xargs -0 sha256sum) | sha256sum | cut -c1-16
  rm -rf "$demo"
}
fingerprint=$(writer_fingerprint)
writer_note=""
if [ ! -f "$install.complete" ]; then
  echo "== writing the install once: meshproof synth $install --game $game --scale $scale --seed $seed" >&2
  rm -rf "$install" "$install.complete"
  mkdir -p "$cache"
  "$binary" synth "$install" --game "$game" --scale "$scale" --seed "$seed" >&2
  echo "$fingerprint" >"$install.complete"
else
  written_by=$(head -c 16 "$install.complete")
  if [ -z "$written_by" ]; then
    writer_note="the cached install's writer is not recorded (written before full-install.sh kept it): delete $install to write it again with this binary"
  elif [ "$written_by" != "$fingerprint" ]; then
    writer_note="the cached install was written by a synth that writes other bytes than this binary's (writer $written_by, this binary's $fingerprint): delete $install to write it again"
  fi
  [ -z "$writer_note" ] || echo "full-install.sh: $writer_note" >&2
fi

load_start=$(cut -d' ' -f1-3 /proc/loadavg)
work=$(mktemp -d "${TMPDIR:-/tmp}/meshproof-full-install.XXXXXX")
# Peak RSS: GNU time's %M; without /usr/bin/time, getrusage of the child through Python.
timed() {   # timed OUTFILE CMD...: runs CMD, writes "wall_seconds peak_kb exit_code" to OUTFILE
  local out=$1; shift
  local code=0
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%e %M' -o "$out.time" "$@" >/dev/null 2>"$out.err" || code=$?
    # GNU time adds "Command exited with non-zero status N" above its line: keep the last line.
    echo "$(tail -n 1 "$out.time") $code" >"$out"
  else
    python3 - "$out" "$@" <<'PY' 2>"$out.err" || true
import resource, subprocess, sys, time
t = time.monotonic()
code = subprocess.call(sys.argv[2:], stdout=subprocess.DEVNULL)
wall = time.monotonic() - t
with open(sys.argv[1], "w") as f:
    f.write(f"{wall:.2f} {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss} {code}\n")
PY
  fi
}

thread_args=()
[ "$threads" != 0 ] && thread_args=(--threads "$threads")

# measure NAME ARGS...: the fastest of $repeat runs of `meshproof verify INSTALL --quiet ARGS`;
# prints "wall peak_mb" and fails on a usage or internal error (exit 2 or 4). With quiet=0 in the
# environment, the run keeps its progress display (written to the .err file).
measure() {
  local name=$1; shift
  local best="" best_rss=0
  local quiet_arg=(--quiet)
  [ "${quiet:-1}" = 0 ] && quiet_arg=()
  for ((i = 0; i < repeat; i++)); do
    timed "$work/$name.t" "$binary" verify "$install" "${quiet_arg[@]}" "$@"
    read -r wall kb code <"$work/$name.t"
    if [ "$code" = 2 ] || [ "$code" = 4 ]; then
      echo "full-install.sh: meshproof verify $* exited $code:" >&2
      cat "$work/$name.t.err" >&2
      exit 1
    fi
    if [ -z "$best" ] || awk -v a="$wall" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$wall; fi
    [ "$kb" -gt "$best_rss" ] && best_rss=$kb
  done
  echo "$best $((best_rss / 1024))"
}

echo "== warm-up (page cache): verify --inflate-only" >&2
timed "$work/warmup.t" "$binary" verify "$install" --inflate-only "${thread_args[@]}"

echo "== floor" >&2
r=$(measure floor --inflate-only "${thread_args[@]}"); read -r floor floor_rss <<<"$r"
echo "== decode only" >&2
r=$(measure none --passes none --timings "$work/none.timings.json" "${thread_args[@]}"); read -r none none_rss <<<"$r"
echo "== numbering" >&2
r=$(measure numbering --passes numbering "${thread_args[@]}"); read -r numbering numbering_rss <<<"$r"
echo "== every pass" >&2
r=$(measure every --json "$work/every.json" --timings "$work/every.timings.json" "${thread_args[@]}"); read -r every every_rss <<<"$r"
if [ "$one_thread" = 1 ]; then
  echo "== every pass, 1 thread" >&2
  r=$(measure every1 --threads 1); read -r every1 every1_rss <<<"$r"
fi

if [ "$peak_threads" != 0 ]; then
  echo "== every pass, $peak_threads threads, progress on (peak RSS)" >&2
  r=$(quiet=0 measure peak --threads "$peak_threads" --timings "$work/peak.timings.json"); read -r peak peak_rss <<<"$r"
  peak_ran=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["threads"])' "$work/peak.timings.json")
fi

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
stats=$(python3 - "$work/none.timings.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
d = t["decode"]
print(f'{d["members"]:,} members decoded, {d["decompressed_bytes"] / 1e6:,.0f} MB decompressed, '
      f'{d["triangles"] / 1e6:.1f} M triangles; {t["threads"]} threads')
PY
)
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')
echo
echo "$("$binary" --version 2>/dev/null | head -n 1) — $game $scale seed $seed ($install)"
echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores ($cpu); load average (1, 5, 15 min) at the start: $load_start, at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$stats; fastest of $repeat run(s) each"
[ -z "$writer_note" ] || echo "Note: $writer_note."
echo
echo "| stage | wall time | × floor | peak RSS |"
echo "|---|---|---|---|"
echo "| floor: inflate every member, read each byte once (\`verify --inflate-only\`) | ${floor} s | 1.00 | ${floor_rss} MB |"
echo "| \`verify --passes none\` (decode only: inflate, tagfile, mesh decode) | ${none} s | $(ratio "$none" "$floor") | ${none_rss} MB |"
echo "| \`verify --passes numbering\` (≈ decode only, a trivial pass) | ${numbering} s | $(ratio "$numbering" "$floor") | ${numbering_rss} MB |"
echo "| \`verify\` with every pass | **${every} s** | $(ratio "$every" "$floor") | ${every_rss} MB |"
[ "$one_thread" = 1 ] && echo "| \`verify\` with every pass, \`--threads 1\` | ${every1} s | $(ratio "$every1" "$floor") | ${every1_rss} MB |"
[ "$peak_threads" != 0 ] && echo "| \`verify\` with every pass, \`--threads $peak_threads\` ($peak_ran ran), progress on | ${peak} s | $(ratio "$peak" "$floor") | ${peak_rss} MB |"

echo
echo "| pass | thread s in the every-pass run | share of the passes |"
echo "|---|---|---|"
python3 - "$work/every.timings.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
for q in sorted(t["passes"], key=lambda q: -q["thread_seconds"]):
    if q["thread_seconds"] > 0:
        print(f'| {q["pass"]} | {q["thread_seconds"]:.2f} | {100 * q["share_of_passes"]:.0f} % |')
print(f'| (decoding: open, inflate, tagfile, mesh) | {t["decode"]["decode_thread_seconds"]:.2f} | |')
PY
if [ -n "$compare" ]; then
  echo
  if cmp -s "$work/every.json" "$compare"; then
    echo "every-pass report byte-identical to $compare"
  else
    echo "every-pass report DIFFERS from $compare (cmp: $(cmp "$work/every.json" "$compare" 2>&1 | head -n 1))"
  fi
fi

if [ "$each_pass" = 1 ]; then
  # The passes the install's game runs: every pass of the full run's report outside the sur family
  # (or only those, for Freelancer).
  mapfile -t passes < <(python3 - "$work/every.json" "$game" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
sur = sys.argv[2] == "freelancer"
for p in report["passes"]:
    if (p["family"] == "sur") == sur:
        print(p["name"])
PY
)
  echo
  echo "| pass alone | wall time | + s over decode only | × floor | thread s in the every-pass run |"
  echo "|---|---|---|---|---|"
  for p in "${passes[@]}"; do
    echo "== pass $p" >&2
    r=$(measure "pass-$p" --passes "$p" "${thread_args[@]}"); read -r wall _ <<<"$r"
    share=$(python3 - "$work/every.timings.json" "$p" <<'PY'
import json, sys
for q in json.load(open(sys.argv[1]))["passes"]:
    if q["pass"] == sys.argv[2]:
        print(f'{q["thread_seconds"]:.2f} ({100 * q["share_of_passes"]:.0f} %)')
PY
)
    echo "| $p | ${wall} s | $(awk -v a="$wall" -v b="$none" 'BEGIN { printf "%+.2f", a - b }') | $(ratio "$wall" "$floor") | ${share} |"
  done
fi
echo
echo "reports, timings files and stderr of every run: $work"
if [ "$peak_threads" != 0 ] && [ "$peak_rss" -gt "$peak_bound_mb" ]; then
  echo "full-install.sh: peak RSS ${peak_rss} MB at --threads $peak_threads is above ${peak_bound_mb} MB" >&2
  exit 3
fi
