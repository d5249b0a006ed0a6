// SPDX-License-Identifier: MIT
// A batch payer for the chain tests, as exchanges and wallets pay out: one transaction, many transfers
// (tests/support/chain/disperse.json holds its compiled form: solc 0.8.26, optimizer on, 200 runs; rebuild
// with tests/support/chain/compile.mjs).
pragma solidity 0.8.26;

interface IToken {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

contract Disperse {
    /// Token transfers from the caller (who approved this contract) to each recipient: one `Transfer` log each.
    function disperseToken(IToken token, address[] calldata recipients, uint256[] calldata values) external {
        require(recipients.length == values.length, "lengths");
        for (uint256 i = 0; i < recipients.length; i++) {
            require(token.transferFrom(msg.sender, recipients[i], values[i]), "transfer");
        }
    }

    /// Ether passed on to each recipient by internal calls: in no log and in no block's transaction list.
    function disperseEther(address payable[] calldata recipients, uint256[] calldata values) external payable {
        require(recipients.length == values.length, "lengths");
        for (uint256 i = 0; i < recipients.length; i++) {
            (bool ok, ) = recipients[i].call{value: values[i]}("");
            require(ok, "send");
        }
    }
}
