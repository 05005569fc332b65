#!/usr/bin/env sh
# The nightly run on a shared staging environment (docs/nightly.md): read-only, a request budget, a
# transient answer (502, 503, 504, a reset) sent again and, if it stays, reported flaky rather than failed,
# flaky checks told apart from failing ones, a comparison with the previous night's report folder, and
# the last nights side by side in history.html.
#   FDS_API_KEY      the API key, from the job's secrets
#   FDS_PROFILE      the staging profile (default examples/nightly-profile.json)
#   REPORTS          the folder keeping the nights, each in a folder named by its UTC date and time
#                    (default reports); restore it from the last run's artifact or cache, and keep it
#   KEEP             how many nights REPORTS keeps, the newest by folder name (default 30)
#   OUT              where tonight's reports go (default REPORTS/<UTC date and time>); only a folder in
#                    REPORTS is kept and shown in the history
#   PREVIOUS         the previous night's report folder (default the newest in REPORTS)
#   FDS_CONFORMANCE  the command (default `npx fds-conformance`)
# Further arguments go to the run (`--only token,institutions`, say). The script exits with the run's code.
set -eu
REPORTS=${REPORTS:-reports}
KEEP=${KEEP:-30}
CLI=${FDS_CONFORMANCE:-npx fds-conformance}
# Folder names sort as the nights do: the newest is the last.
if [ -z "${PREVIOUS:-}" ]; then
  PREVIOUS=$(find "$REPORTS" -mindepth 2 -maxdepth 2 -name report.json 2>/dev/null | sort | tail -n 1)
  PREVIOUS=${PREVIOUS%/report.json}
fi
if [ -n "$PREVIOUS" ] && [ -f "$PREVIOUS/report.json" ]; then set -- --compare "$PREVIOUS" "$@"; fi
OUT=${OUT:-$REPORTS/$(date -u +%Y-%m-%dT%H%M%SZ)}
code=0
# shellcheck disable=SC2086 # the command is words on purpose
$CLI --profile "${FDS_PROFILE:-examples/nightly-profile.json}" \
  --read-only --max-rps "${FDS_MAX_RPS:-20}" --retry-transient 3 --retries 2 --timeout-ms 30000 \
  --out "$OUT" "$@" || code=$?
# The oldest nights beyond KEEP go; then the page is written over those left (in any order: history
# orders them by when each ran). A page not written fails the script only when the run did not.
if [ -d "$REPORTS" ]; then
  find "$REPORTS" -mindepth 1 -maxdepth 1 -type d | sort -r | tail -n +"$((KEEP + 1))" |
    while IFS= read -r old; do rm -rf "$old"; done
  # shellcheck disable=SC2086 # the command is words on purpose
  find "$REPORTS" -mindepth 2 -maxdepth 2 -name report.json -exec $CLI history --out "$REPORTS" {} + ||
    if [ "$code" -eq 0 ]; then code=2; fi
fi
exit "$code"
