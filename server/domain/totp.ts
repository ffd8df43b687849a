import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const ISSUER = 'Payments Back Office';
const PERIOD_SECONDS = 30;

export const newTotpSecret = () => generateSecret();

export async function provisioningQr(secret: string, email: string): Promise<string> {
  const uri = generateURI({ issuer: ISSUER, label: email, secret });
  return QRCode.toDataURL(uri, { margin: 1, width: 220 });
}

/**
 * Checks a code within +/-1 time step and refuses any step at or before the last one accepted,
 * so a code seen once (shoulder-surfed, replayed from a log) never works again.
 * Returns the accepted time step, or null.
 */
export async function checkTotp(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: PERIOD_SECONDS,
      ...(lastStep != null ? { afterTimeStep: lastStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // otplib throws when the last accepted step lies beyond the window (a clock stepped back):
    // no code can be accepted then, which is a refusal, not a server error.
    return null;
  }
}
