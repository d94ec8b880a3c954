/** core.md §4: the session buttons each status shows. */
export type SessionButton = 'qr' | 'tryAgain' | 'newQr' | 'disconnect' | 'connecting';

/** A connection without a QR code (the official Cloud API: a token, not a phone pairing) never offers one. */
export function sessionButtons(status: string, provider?: string): SessionButton[] {
  switch (status) {
    case 'qrcode': return ['qr'];
    case 'DISCONNECTED': return provider === 'cloud' ? ['tryAgain'] : ['tryAgain', 'newQr'];
    case 'CONNECTED': case 'PAIRING': case 'TIMEOUT': return ['disconnect'];
    case 'OPENING': return ['connecting'];
    default: return [];
  }
}
