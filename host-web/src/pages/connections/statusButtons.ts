/** core.md §4: the session buttons each status shows. */
export type SessionButton = 'qr' | 'tryAgain' | 'newQr' | 'disconnect' | 'connecting';

export function sessionButtons(status: string): SessionButton[] {
  switch (status) {
    case 'qrcode': return ['qr'];
    case 'DISCONNECTED': return ['tryAgain', 'newQr'];
    case 'CONNECTED': case 'PAIRING': case 'TIMEOUT': return ['disconnect'];
    case 'OPENING': return ['connecting'];
    default: return [];
  }
}
