// `npm run temporal:install`: makes sure a Temporal CLI exists (builds it with Go when needed).
import { ensureTemporalCli } from '../src/dev/temporal-cli.js';

const cli = await ensureTemporalCli();
console.log(
  cli.kind === 'binary'
    ? `Temporal CLI: ${cli.path} (${cli.source})`
    : 'No Temporal CLI and no Go: the Temporal SDK will download the CLI when the dev server starts.',
);
