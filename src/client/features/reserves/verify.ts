import { type MemberProof, type ProofCheck, verifyProof } from '../../../shared/merkle-sum';

/**
 * Checks a member's proof in the browser: every hash from the leaf to the root is taken again with the
 * browser's own SHA-256 (WebCrypto), not the server's, and the result must equal the root the public
 * page publishes. Null when the browser has no WebCrypto (an insecure origin).
 */
export async function verifyInBrowser(proof: MemberProof, publishedRoot: string): Promise<ProofCheck | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = async (bytes: Uint8Array) =>
    new Uint8Array(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return verifyProof(proof, digest, publishedRoot);
}
