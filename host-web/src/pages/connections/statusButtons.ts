/** core.md §4: the session buttons each status shows. */
export type SessionButton = 'qr' | 'tryAgain' | 'newQr' | 'disconnect' | 'connecting';

/** A connection whose channel pairs no phone by QR code (GET /providers `qr: false`: a token, not a pairing) never offers one. */
export function sessionButtons(status: string, pairsByQr = true): SessionButton[] {
  switch (status) {
    case 'qrcode': return ['qr'];
    case 'DISCONNECTED': return pairsByQr ? ['tryAgain', 'newQr'] : ['tryAgain'];
    case 'CONNECTED': case 'PAIRING': case 'TIMEOUT': return ['disconnect'];
    case 'OPENING': return ['connecting'];
    default: return [];
  }
}
