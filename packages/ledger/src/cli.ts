// Verifies a transparency ledger from the command line, with the code the browser runs: every
// entry from the first to the newest (or --from/--to), and the newest checkpoint's signed root.
//   npm run ledger:verify -- --url http://localhost:3000 [--from N] [--to N] [--save ledger.json]
//   npm run ledger:verify -- --file ledger.json
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { reportText } from './report-text';
import { exportLedger, exportLedgerSource, httpLedgerSource, type LedgerExport } from './sources';
import { verifyLedger, type LedgerSource } from './verify';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    file: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    save: { type: 'string' },
  },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const whole = (name: string, text: string | undefined) => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) fail(`--${name} must be a whole number of 1 or more`);
  return n;
};

if (!values.url === !values.file) fail('Give either --url <server> or --file <export.json>');
let source: LedgerSource = values.url
  ? httpLedgerSource(values.url)
  : exportLedgerSource(JSON.parse(await readFile(values.file!, 'utf8')) as LedgerExport);

if (values.save) {
  const data = await exportLedger(source);
  await writeFile(values.save, JSON.stringify(data));
  console.log(`saved ${data.entries.length} entries to ${values.save}`);
  source = exportLedgerSource(data);
}

const started = performance.now();
let lastPrinted = 0;
const report = await verifyLedger(source, {
  from: whole('from', values.from),
  to: whole('to', values.to),
  onProgress: ({ checked, total }) => {
    if (checked - lastPrinted < 10_000) return;
    lastPrinted = checked;
    process.stderr.write(
      `  checked ${checked.toLocaleString('en')}${total ? ` of ${total.toLocaleString('en')}` : ''}\n`,
    );
  },
});
const seconds = ((performance.now() - started) / 1000).toFixed(2);
console.log(reportText(report, seconds).join('\n'));
if (!report.ok) process.exitCode = 1;
