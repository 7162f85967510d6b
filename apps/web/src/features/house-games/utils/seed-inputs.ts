/** The seed fields of a verify form, as typed. */
export interface SeedInputText {
  serverSeedHex: string;
  commitmentHex: string;
  clientSeed: string;
  nonce: string;
}

/** The seed fields as game-math reads them. */
export interface SeedInputs {
  serverSeedHex: string;
  commitmentHex: string;
  clientSeed: string;
  nonce: number;
}

/**
 * Normalises what a person typed or pasted: hex trimmed and lower-cased, the nonce a whole
 * number. The client seed is kept exactly (spaces are part of it). Null when the nonce is not one.
 */
export function readSeedInputs(input: SeedInputText): SeedInputs | null {
  const nonceText = input.nonce.trim();
  if (!/^\d{1,15}$/.test(nonceText)) return null;
  return {
    serverSeedHex: input.serverSeedHex.trim().toLowerCase(),
    commitmentHex: input.commitmentHex.trim().toLowerCase(),
    clientSeed: input.clientSeed,
    nonce: Number(nonceText),
  };
}
