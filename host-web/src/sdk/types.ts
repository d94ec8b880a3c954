import type { ComponentType } from 'react';
import type { i18n as I18n } from 'i18next';
import type { useTranslation as UseTranslation } from 'react-i18next';
import type { ApiClient } from '../api/client';
import type { SessionView } from '../session/useSession';
import type { Permission } from '../session/permissions';
import type * as Yup from 'yup';
import type {
  ListPage, FormDialog, TextField, IdSelect, ValueSelect, DateTimeField, fieldError, allPages, useFormDialog, showApiFieldError, useSearch, useListPage, usePagedList, useEditDialog, useLiveRows, confirm, confirmDelete, BotLastError,
} from '../blocks';

export type Language = 'pt' | 'en' | 'es';

/** Named places in core screens a remote may fill; declared in the manifest's `remote.slots` too. */
export type SlotName = 'sideMenu.badge' | 'topBar.actions' | 'queueDialog.fields' | 'connectionDialog.fields' | 'ticketHeader.actions'
  | 'ticketList.row' | 'contactDrawer.sections' | 'ticketComposer.actions' | 'composer.above';

/** A contact as the console holds it (the ticket list and the open conversation read it from the API). */
export interface ContactView {
  id: number;
  name: string;
  number: string;
  email?: string;
  profilePicUrl?: string;
  extraInfo?: Array<{ id?: number; name: string; value: string }>;
}

/** A ticket as the console holds it: the row of the list, the open conversation (without its contact: see ContactView). */
export interface TicketView {
  id: number;
  uuid: string;
  status: 'pending' | 'open' | 'closed';
  contactId: number;
  userId: number | null;
  user?: { id: number; name: string } | null;
  queueId: number | null;
  queue?: { id: number; name: string; color: string } | null;
  whatsappId: number | null;
  /** The connection, with its channel kind (`provider`: sandbox, beta or a plugin's). */
  whatsapp?: { id: number; name: string; provider?: string } | null;
  lastMessage?: string;
  unreadMessages?: number;
  updatedAt: string;
  isGroup?: boolean;
  tags?: Array<{ id: number; name: string; color: string }>;
  /** SLA (issue 30): due times, the first agent answer, breaches flagged by the server. */
  firstResponseDueAt?: string | null;
  resolutionDueAt?: string | null;
  firstRespondedAt?: string | null;
  firstResponseBreached?: boolean;
  resolutionBreached?: boolean;
}

/** What the host hands to the component a remote puts in each slot. */
export interface SlotProps {
  /** Rendered after the menu label of each of this plugin's own menu entries (e.g. the chat unread dot). */
  'sideMenu.badge': { path: string };
  /** Rendered in the top bar beside the notifications bell (e.g. the chat bell). */
  'topBar.actions': Record<string, never>;
  /** Extra fields inside the queue / connection form dialogs (prompt and integration pickers). `values` is the form's
   *  current values; `setFieldValue` writes one (e.g. 'promptId'); the core form sends them with its own fields. */
  'queueDialog.fields': { values: Record<string, unknown>; setFieldValue(name: string, value: unknown): void };
  /** `submitCount`: how many times the form was sent (a plugin's fields show their errors once it was, as the host's do). */
  'connectionDialog.fields': { values: Record<string, unknown>; setFieldValue(name: string, value: unknown): void; submitCount: number };
  /** Buttons in the open ticket's header, before the contact button. */
  'ticketHeader.actions': { ticket: TicketView; contact: ContactView | null };
  /** Chips at the end of each row of the ticket list (after the tags). The row opens the ticket on click: a
   *  contribution that handles clicks stops their propagation. Rendered for every row: keep it cheap. */
  'ticketList.row': { ticket: TicketView; contact: ContactView | null };
  /** A section of the contact drawer of the open ticket, after the contact's extra info and before the notes. */
  'contactDrawer.sections': { contact: ContactView; ticket: TicketView };
  /** Buttons above the open ticket's composer (the copilot's suggest, summarise, improve). `draft` is the text being
   *  typed; `setDraft` replaces it (a function gets the current text, for text streamed in). Nothing is sent: the
   *  agent sends with the composer's own button. `disabled`: the composer is read-only (waiting, closed, outside the window). */
  'ticketComposer.actions': { ticket: TicketView; draft: string; setDraft(text: string | ((current: string) => string)): void; disabled: boolean };
  /** Above the open ticket's composer (a channel's service window, its templates). `lock(true)` keeps free text from
   *  being typed and sent (a channel rule the server enforces too); `lock(false)` lifts it. */
  'composer.above': { ticket: TicketView; lock(locked: boolean): void };
}

/** The components a remote contributes, one per slot it fills (each also listed in its manifest's `remote.slots`). */
export type RemoteSlots = { [K in SlotName]?: ComponentType<SlotProps[K]> };

/** What a remote's './plugin' module returns. */
export interface RemoteModule {
  /** Routes relative to the console root (e.g. '/kanban'); each Component is rendered inside the console layout. */
  routes: Array<{ path: string; Component: ComponentType }>;
  /** Extra strings merged into the console's i18next (default namespace) before the routes render. */
  i18n?: Partial<Record<Language, Record<string, unknown>>>;
  /** Components placed in core screens. A slot component that throws renders nothing; so does one whose plugin is off. */
  slots?: RemoteSlots;
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

/**
 * The console's building blocks (host-web/src/blocks), so a remote builds its screens like the core's without
 * copying them or bundling Formik and Yup.
 */
export interface UiBlocks {
  /** A list screen: title, search, add, a table that loads the next page near its bottom, row edit/delete, empty state. */
  ListPage: typeof ListPage;
  /** An add/edit dialog: the fields, then Cancel and Save. */
  FormDialog: typeof FormDialog;
  /** A labelled text input (or textarea) bound to a form field, with its error. */
  TextField: typeof TextField;
  /** A labelled select of named rows writing a numeric id (or null) into a form or a dialog slot's values. */
  IdSelect: typeof IdSelect;
  /** A labelled select of fixed choices (text or number values: a type, a language, an interval). */
  ValueSelect: typeof ValueSelect;
  /** A labelled date (and time) picker writing an ISO instant (or a 'YYYY-MM-DD' day); PrimeReact's Calendar. */
  DateTimeField: typeof DateTimeField;
  /** A field's error text when it should show (after a submit, or after leaving a field the person changed), else undefined. */
  fieldError: typeof fieldError;
  /** Formik for a FormDialog: Yup validation, save, the success toast, close; API field errors under their field. */
  useFormDialog: typeof useFormDialog;
  showApiFieldError: typeof showApiFieldError;
  /** Every row of a paged list (`{ <key>: [...], hasMore }`), for a picker: `allPages('/flowbuilder', 'flows')`. */
  allPages: typeof allPages;
  /** A search box's value and its debounced query parameter. */
  useSearch: typeof useSearch;
  /** Wires a ListPage: search, paged list, live rows, the add/edit dialog and the confirmed delete; spread `props` into it. */
  useListPage: typeof useListPage;
  /** A paged list `{ <key>: [...], hasMore }`: items, loading, onScroll, reload, upsertItem, removeItem. */
  usePagedList: typeof usePagedList;
  /** Which row the add/edit dialog shows (null: a new one) and whether it is open. */
  useEditDialog: typeof useEditDialog;
  /** Keeps a list live from `company-{id}-<name>` events (create/update/delete). */
  useLiveRows: typeof useLiveRows;
  /** Yes/no in the console's confirm dialog. */
  confirm: typeof confirm;
  /** Asks, DELETEs the path, toasts, then `onDone`. */
  confirmDelete: typeof confirmDelete;
  /** A bot's last failure (a prompt's or an integration's `lastError`) in the shown language, for a list column. */
  BotLastError: typeof BotLastError;
  /** The host's Yup, for `useFormDialog`'s validationSchema. */
  yup: typeof Yup;
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
  /** The console's building blocks: list page, form dialog, paged list, confirm (see UiBlocks). */
  ui: UiBlocks;
}
