import type { ComponentType } from 'react';
import type { i18n as I18n } from 'i18next';
import type { useTranslation as UseTranslation } from 'react-i18next';
import type { ApiClient } from '../api/client';
import type { SessionView } from '../session/useSession';
import type { Permission } from '../session/permissions';

export type Language = 'pt' | 'en' | 'es';

/** What a remote's './plugin' module returns. */
export interface RemoteModule {
  /** Routes relative to the console root (e.g. '/kanban'); each Component is rendered inside the console layout. */
  routes: Array<{ path: string; Component: ComponentType }>;
  /** Extra strings merged into the console's i18next (default namespace) before the routes render. */
  i18n?: Partial<Record<Language, Record<string, unknown>>>;
}

/** The default export of a remote's './plugin': called once by the host with the SDK. */
export type RemoteFactory = (sdk: HostSdk) => RemoteModule | Promise<RemoteModule>;

export interface SocketApi {
  /** Subscribes to a socket event (e.g. `company-${companyId}-kanban`); returns the unsubscribe function. */
  on(event: string, handler: (...args: any[]) => void): () => void;
  emit(event: string, ...args: unknown[]): void;
}

export interface ToastApi {
  success(message: string): void;
  info(message: string): void;
  /** An error (an API error's catalogue code is translated) or a message text. */
  error(error: unknown): void;
}

/** Everything a remote may use from the host, handed over at load time (remotes import only these types). */
export interface HostSdk {
  /** fetch client on /api: JSON, bearer token, one refresh on 403 then retry, session cleared on 401. Paths are relative to /api. */
  api: ApiClient;
  socket: SocketApi;
  useSession(): SessionView;
  /** Subscribes while the component is mounted. */
  useSocketEvent(event: string | null | undefined, handler: (...args: any[]) => void): void;
  useTranslation: typeof UseTranslation;
  i18n: I18n;
  toast: ToastApi;
  hasPermission(perm: Permission): boolean;
}
