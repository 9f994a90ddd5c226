import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/**
 * A passkey authenticator in the test process, so the in-process tests go through real WebAuthn
 * ceremonies that @simplewebauthn/server verifies: "none" attestation, an ES256 key pair, a
 * signature counter. (The Chromium walk uses the browser's own virtual authenticator.)
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | Record<string, unknown>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The CBOR this needs: whole numbers, text, bytes and maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v as Cbor)])]);
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

export interface SoftPasskey {
  id: string;
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
}

export function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): string {
  return JSON.stringify({ type, challenge, origin, crossOrigin: false });
}

/** The browser's answer to registration options: a new key pair, attested with "none". */
export function register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  const credentialId = randomBytes(16);
  const authData = Buffer.concat([sha256(options.rp.id!), Buffer.from([0x45]), Buffer.alloc(4), Buffer.alloc(16), Buffer.from([0, 16]), credentialId, cose]);
  const id = b64(credentialId);
  const passkey: SoftPasskey = { id, privateKey, counter: 0, userHandle: options.user.id };
  const response = {
    id,
    rawId: id,
    type: "public-key",
    response: {
      clientDataJSON: b64(clientData("webauthn.create", options.challenge, origin)),
      attestationObject: b64(cbor({ fmt: "none", attStmt: new Map(), authData })),
      transports: ["internal"],
    },
    clientExtensionResults: {},
  };
  return { passkey, response };
}

/** The browser's answer to sign-in options with this passkey; `tamper` spoils the signature. */
export function assert(passkey: SoftPasskey, options: { challenge: string; rpId?: string }, origin: string, tamper = false) {
  passkey.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.counter);
  const authenticatorData = Buffer.concat([sha256(options.rpId!), Buffer.from([0x05]), counter]);
  const data = clientData("webauthn.get", options.challenge, origin);
  const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(data)]), passkey.privateKey);
  if (tamper) signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 1, signature.length - 1);
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: "public-key",
    response: { clientDataJSON: b64(data), authenticatorData: b64(authenticatorData), signature: b64(signature), userHandle: passkey.userHandle },
    clientExtensionResults: {},
  };
}
