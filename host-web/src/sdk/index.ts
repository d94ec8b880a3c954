/**
 * The host SDK contract between the console and its Module Federation remotes.
 * Remotes import ONLY TYPES from '@atrium/host-web/sdk' (`import type { HostSdk } from '@atrium/host-web/sdk'`);
 * the SDK object itself is passed to their './plugin' factory at load time (host: sdk/create.ts,
 * remotes/loader.ts), so a remote never imports host code at run time.
 */
export type { HostSdk, UiBlocks, RemoteModule, RemoteFactory, RemoteSlots, SlotName, SlotProps, TicketView, ContactView, SocketApi, ToastApi, Language } from './types';
export type { ApiClient, Query } from '../api/client';
export type { SessionView } from '../session/useSession';
export type { SessionUser, Plan, PlanFlag } from '../session/types';
export type { Permission } from '../session/permissions';
export type { ListPageProps, ListColumn, FormDialogProps, TextFieldProps, IdSelectProps, FormDialogOptions, ListPageOptions, ConfirmOptions, ConfirmDeleteOptions } from '../blocks';
