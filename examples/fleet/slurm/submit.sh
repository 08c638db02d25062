#!/bin/bash
# Submits the bytebench array and its merge job, chained with afterany.
#   RESULTS=/shared/bytebench BYTEBENCH_ARGS="-i 3" ./submit.sh [--array=1-8] [SBATCH OPTION...]
# --array takes Slurm's syntax (default 1-3). Every SBATCH OPTION (--partition,
# --time, --reservation, --requeue, ...) goes to the array job; BYTEBENCH_MERGE_OPTIONS
# (words) go to the merge job. Prints "array <id>", "merge <id>" and "reports <folder>".
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
: "${RESULTS:?RESULTS must name a folder every node sees (README.md)}"
array=1-3
sbatch_options=()
while [ $# -gt 0 ]; do
    case $1 in
    --array=*) array=${1#--array=} ;;
    --array | -a) array=${2:?$1 needs a value} && shift ;;
    -a*) array=${1#-a} ;;
    *) sbatch_options+=("$1") ;;
    esac
    shift
done

mkdir -p "$RESULTS"
RESULTS=$(cd "$RESULTS" && pwd)
export RESULTS

# --parsable prints "id" or "id;cluster".
array_job=$(sbatch --parsable --array="$array" --output="$RESULTS/slurm-%A_%a.out" \
    "${sbatch_options[@]}" "$here/bytebench-array.sbatch")
array_job=${array_job%%;*}
read -r -a merge_options <<<"${BYTEBENCH_MERGE_OPTIONS-}"
merge_job=$(BYTEBENCH_ARRAY_JOB=$array_job BYTEBENCH_ARRAY=$array \
    sbatch --parsable --dependency="afterany:$array_job" --output="$RESULTS/slurm-%j-merge.out" \
    "${merge_options[@]}" "$here/bytebench-merge.sbatch")
merge_job=${merge_job%%;*}

echo "array $array_job"
echo "merge $merge_job"
echo "reports $RESULTS/$array_job"
