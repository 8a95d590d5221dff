/**
 * HR system API keys are stored encrypted with AES-GCM (random 96-bit IV). The key is derived
 * from SESSION_SECRET with HKDF (info "integration-api-key"), so rotating SESSION_SECRET makes
 * saved keys unreadable: they must be entered again (docs/decisions.md › Organization). The
 * company and integration ids are authenticated data, so a ciphertext moved to another row fails.
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

export async function encryptApiKey(secret: string, ids: { companyId: string; integrationId: string }, apiKey: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: aad(ids.companyId, ids.integrationId) },
    await keyFor(secret),
    encoder.encode(apiKey),
  );
  return { ciphertext: toBase64(new Uint8Array(sealed)), iv: toBase64(iv) };
}

/** The plain key, or null when it cannot be read (SESSION_SECRET rotated, row tampered with). */
export async function decryptApiKey(
  secret: string,
  ids: { companyId: string; integrationId: string },
  stored: { ciphertext: string; iv: string },
): Promise<string | null> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(stored.iv), additionalData: aad(ids.companyId, ids.integrationId) },
      await keyFor(secret),
      fromBase64(stored.ciphertext),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
