#!/usr/bin/env sh
# The nightly run on a shared staging environment (docs/nightly.md): read-only, a request budget, a
# transient answer (502, 503, 504, a reset) sent again and, if it stays, reported flaky rather than failed,
# flaky checks told apart from failing ones, and a comparison with the previous night's report folder.
#   FDS_API_KEY      the API key, from the job's secrets
#   FDS_PROFILE      the staging profile (default examples/nightly-profile.json)
#   PREVIOUS         the previous night's report folder, restored from the last run's artifact; absent
#                    the first night
#   OUT              where tonight's reports go (default conformance-report); keep it as tonight's artifact
#   FDS_CONFORMANCE  the command (default `npx fds-conformance`)
# Further arguments go to the run (`--only token,institutions`, say).
set -eu
if [ -n "${PREVIOUS:-}" ] && [ -f "$PREVIOUS/report.json" ]; then set -- --compare "$PREVIOUS" "$@"; fi
# shellcheck disable=SC2086 # the command is words on purpose
${FDS_CONFORMANCE:-npx fds-conformance} --profile "${FDS_PROFILE:-examples/nightly-profile.json}" \
  --read-only --max-rps "${FDS_MAX_RPS:-20}" --retry-transient 3 --retries 2 --timeout-ms 30000 \
  --out "${OUT:-conformance-report}" "$@"
