import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import {
  type Abi,
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from 'viem';
import { hardhat } from 'viem/chains';

const CHAIN_DIR = path.resolve('tests/support/chain');
type Artifact = { abi: Abi; bytecode: Hex };
const artifact = (file: string) => JSON.parse(readFileSync(path.join(CHAIN_DIR, file), 'utf8')) as Artifact;
/** TestUsdt.sol compiled (solc 0.8.26): a minimal ERC20 with 6 decimals. */
const TOKEN = artifact('test-usdt.json');
/** Disperse.sol compiled (solc 0.8.26): many transfers in one transaction, as batch payouts are made. */
const DISPERSE = artifact('disperse.json');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/**
 * A local Ethereum node for the chain tests: Hardhat's node (EDR, from the npm registry) as a child
 * process on a free port, every transaction mined at once, `mine(n)` for empty blocks. Its 20 accounts are
 * unlocked and funded; account 0 deploys the token and holds its supply.
 */
export async function startEthNode() {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.resolve('node_modules/hardhat/internal/cli/cli.js'),
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
      '--config',
      'hardhat.config.cjs',
    ],
    {
      cwd: CHAIN_DIR,
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (b) => {
    output += b;
  });
  child.stderr?.on('data', (b) => {
    output += b;
  });
  const url = `http://127.0.0.1:${port}`;
  const transport = http(url, { retryCount: 0 });
  const pub = createPublicClient({ chain: hardhat, transport, cacheTime: 0 });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`hardhat node exited: ${output}`);
    try {
      await pub.getBlockNumber();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`hardhat node did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  const accounts = await createWalletClient({ chain: hardhat, transport }).getAddresses();
  const owner = getAddress(accounts[0]!);
  const wallet = createWalletClient({ chain: hardhat, transport, account: owner });
  const test = createTestClient({ chain: hardhat, mode: 'hardhat', transport });

  const deployHash = await wallet.deployContract({
    abi: TOKEN.abi,
    bytecode: TOKEN.bytecode,
    args: [parseUnits('1000000', 6)],
  });
  const deployed = await pub.waitForTransactionReceipt({ hash: deployHash, pollingInterval: 50 });
  const token = getAddress(deployed.contractAddress!);
  const mined = (hash: Hex) => pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  let disperse: Hex | null = null;
  /** The batch payer, deployed on first use and allowed to move all of the owner's tokens. */
  async function disperser(): Promise<Hex> {
    if (disperse) return disperse;
    const d = await mined(await wallet.deployContract({ abi: DISPERSE.abi, bytecode: DISPERSE.bytecode }));
    const address = getAddress(d.contractAddress!);
    await mined(
      await wallet.writeContract({
        address: token,
        abi: TOKEN.abi,
        functionName: 'approve',
        args: [address, parseUnits('1000000', 6)],
      }),
    );
    disperse = address;
    return address;
  }

  return {
    url,
    token,
    owner,
    /** An unlocked account holding ETH but no tokens. */
    pauper: getAddress(accounts[1]!),
    /** A USDT transfer from `from` (the token holder by default); `gas` set skips estimation, so a failing
     * transfer is mined as reverted instead of refused. */
    async transfer(to: string, amount: string, opts: { from?: Hex; gas?: bigint } = {}) {
      const hash = await wallet.writeContract({
        address: token,
        abi: TOKEN.abi,
        functionName: 'transfer',
        args: [getAddress(to), parseUnits(amount, 6)],
        account: opts.from ?? owner,
        ...(opts.gas ? { gas: opts.gas } : {}),
      });
      const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      return { hash, receipt };
    },
    /** One transaction of the batch payer carrying a USDT transfer to each of `pays` (address, amount). */
    async disperseUsdt(pays: [string, string][]) {
      const hash = await wallet.writeContract({
        address: await disperser(),
        abi: DISPERSE.abi,
        functionName: 'disperseToken',
        args: [token, pays.map(([to]) => getAddress(to)), pays.map(([, amount]) => parseUnits(amount, 6))],
      });
      return { hash, receipt: await mined(hash) };
    },
    /** Ether passed on by the batch payer's internal calls (in no log nor transaction list). */
    async disperseEther(pays: [string, string][]) {
      const values = pays.map(([, amount]) => parseEther(amount));
      const hash = await wallet.writeContract({
        address: await disperser(),
        abi: DISPERSE.abi,
        functionName: 'disperseEther',
        args: [pays.map(([to]) => getAddress(to)), values],
        value: values.reduce((a, b) => a + b, 0n),
      });
      return { hash, receipt: await mined(hash) };
    },
    /** A plain ether payment (the transaction's own value). */
    async sendEther(to: string, amount: string) {
      const hash = await wallet.sendTransaction({ to: getAddress(to), value: parseEther(amount) });
      return { hash, receipt: await mined(hash) };
    },
    mine: (blocks: number) => test.mine({ blocks }),
    /**
     * The next block's time no earlier than our clock's current second. The node's clock starts up to a
     * couple of seconds behind ours (a real chain's slot times agree with the server's clock), which would
     * date a transfer made just after an address's assignment before it.
     */
    async clockToNow() {
      const latest = await pub.getBlock();
      const now = BigInt(Math.ceil(Date.now() / 1000));
      const next = now > latest.timestamp ? now : latest.timestamp + 1n;
      await test.setNextBlockTimestamp({ timestamp: next });
    },
    /** The chain as it is now, to go back to (a re-organisation: blocks after it are dropped). */
    snapshot: () => test.snapshot(),
    revert: (id: Hex) => test.revert({ id }),
    blockNumber: () => pub.getBlockNumber(),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL'); // the node keeps nothing; SIGTERM takes it seconds
      await exited;
    },
  };
}
export type EthNode = Awaited<ReturnType<typeof startEthNode>>;
