// Rebuilds test-usdt.json from TestUsdt.sol: `npm i --no-save solc@0.8.26 && node tests/support/chain/compile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const solc = require(process.env.SOLC_PATH ?? 'solc');
const dir = new URL('.', import.meta.url);
const input = {
  language: 'Solidity',
  sources: { 'TestUsdt.sol': { content: readFileSync(new URL('TestUsdt.sol', dir), 'utf8') } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};
const out = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
const c = out.contracts['TestUsdt.sol'].TestUsdt;
writeFileSync(
  new URL('test-usdt.json', dir),
  `${JSON.stringify({ compiler: `solc ${solc.version()}`, abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` })}\n`,
);
