#!/bin/sh
# Connects a credential profile of the workers (default `sandbox`) to the stack's Partner API
# sandbox, through the sandbox's real consent flow, approved automatically as a person would in the
# browser (src/dev/connect-sandbox.ts, with the sandbox app of docs/sandbox.md).
#
#   deploy/tools/connect-sandbox.sh [profile]
#
# It runs in a one-off worker container: the profile's base URL is http://sandbox:4010, the consent
# redirect reaches the container's own loopback, and the tokens land in the ledgerlift-credentials
# volume under the credential file's lock, so running workers are not disturbed. Only for the
# sandbox: the real API is connected with `ledgerlift connect` (docs/deploy.md).
set -eu

profile="${1:-sandbox}"
cd "$(dirname "$0")/../.."
exec docker compose run --rm --no-deps -T worker \
  node --import tsx --input-type=module -e "
import { connectToSandbox } from './src/dev/connect-sandbox.ts';
const result = await connectToSandbox({
  baseUrl: process.env.LEDGERLIFT_API_BASE_URL || 'http://sandbox:4010',
  profile: process.argv[1],
  credentialsPath: process.env.LEDGERLIFT_CREDENTIALS,
});
console.log('Connected profile ' + result.profile + ' to ' + result.workspaceName + ' (' + result.credentialsLocation + ').');
" "$profile"
