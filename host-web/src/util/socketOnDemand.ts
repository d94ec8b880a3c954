/**
 * The session's calls into the socket (renew its token, close it) without socket.io-client in the login page's
 * download (~12 kB brotli): the socket module comes in its own chunk, which the signed-in console loads anyway
 * to connect. Before it connected there is no socket, so a call that comes first only loads the module and
 * finds nothing to renew or close, as the direct call did. Calls keep their order (one module promise).
 */
type SocketModule = typeof import('../socket/client');

let socketModule: Promise<SocketModule> | undefined;
const withSocket = (use: (m: SocketModule) => void) => {
  socketModule ??= import('../socket/client');
  void socketModule.then(use);
};

export const renewSocketToken = (token: string) => withSocket((m) => m.renewSocketToken(token));
export const disconnectSocket = () => withSocket((m) => m.disconnectSocket());
