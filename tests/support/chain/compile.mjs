// Rebuilds test-usdt.json and disperse.json from their sources:
// `npm i --no-save solc@0.8.26 && node tests/support/chain/compile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const solc = require(process.env.SOLC_PATH ?? 'solc');
const dir = new URL('.', import.meta.url);

function compile(source, contract, artifact) {
  const input = {
    language: 'Solidity',
    sources: { [source]: { content: readFileSync(new URL(source, dir), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const c = out.contracts[source][contract];
  writeFileSync(
    new URL(artifact, dir),
    `${JSON.stringify({ compiler: `solc ${solc.version()}`, abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` })}\n`,
  );
}

compile('TestUsdt.sol', 'TestUsdt', 'test-usdt.json');
compile('Disperse.sol', 'Disperse', 'disperse.json');
