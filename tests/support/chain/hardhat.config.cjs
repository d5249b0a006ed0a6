// The local Ethereum node of the chain tests (Hardhat's EDR node, started by tests/support/eth-node.ts).
// Blocks are mined on demand: a transaction is mined at once, `hardhat_mine` adds empty blocks.
module.exports = {
  // A failing transaction is mined as reverted (as on a real chain) rather than refused by the node.
  networks: {
    hardhat: {
      chainId: 31337,
      mining: { auto: true },
      loggingEnabled: false,
      throwOnTransactionFailures: false,
    },
  },
};
