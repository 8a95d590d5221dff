import type { IntegrationKeyRing } from "~/lib/config.server";

/**
 * HR system API keys are stored encrypted with AES-GCM (random 96-bit IV) under a key of their
 * own, INTEGRATION_KEYS, not the session secret: the two rotate for different reasons. Each
 * ciphertext starts with the id of the key that sealed it ("k2:…"), so after a rotation the old
 * key keeps decrypting what it wrote while the first key seals everything new; a sync re-seals a
 * key written under an older one (docs/decisions.md › Sign-in hardening). The company and
 * integration ids are authenticated data, so a ciphertext moved to another row fails.
 */
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: encoder.encode("pulseboard"), info: encoder.encode("integration-api-key") },
          base,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keys.set(secret, key);
  }
  return key;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const aad = (companyId: string, integrationId: string) => encoder.encode(`${companyId}:${integrationId}`);

export interface SealedApiKey {
  /** "<key id>:<base64 ciphertext>" */
  ciphertext: string;
  iv: string;
}

export async function encryptApiKey(
  ring: IntegrationKeyRing,
  ids: { companyId: string; integrationId: string },
  apiKey: string,
): Promise<SealedApiKey> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: aad(ids.companyId, ids.integrationId) },
    await keyFor(ring.primary.secret),
    encoder.encode(apiKey),
  );
  return { ciphertext: `${ring.primary.id}:${toBase64(new Uint8Array(sealed))}`, iv: toBase64(iv) };
}

/**
 * The plain key and the id of the key that sealed it (`current` when that is the primary), or
 * null when it cannot be read: its key was retired, the row was tampered with, or it predates
 * key ids (those were sealed with SESSION_SECRET and must be entered again).
 */
export async function decryptApiKey(
  ring: IntegrationKeyRing,
  ids: { companyId: string; integrationId: string },
  stored: SealedApiKey,
): Promise<{ apiKey: string; keyId: string; current: boolean } | null> {
  const at = stored.ciphertext.indexOf(":");
  if (at <= 0) return null;
  const keyId = stored.ciphertext.slice(0, at);
  const secret = ring.all.get(keyId);
  if (!secret) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(stored.iv), additionalData: aad(ids.companyId, ids.integrationId) },
      await keyFor(secret),
      fromBase64(stored.ciphertext.slice(at + 1)),
    );
    return { apiKey: new TextDecoder().decode(plain), keyId, current: keyId === ring.primary.id };
  } catch {
    return null;
  }
}
