import { useTranslation } from 'react-i18next';
import i18n from '../i18n';
import { api } from '../api/client';
import { socketClient } from '../socket/client';
import { useSocketEvent } from '../socket/useSocketEvent';
import { useSession } from '../session/useSession';
import { sessionStore } from '../session/store';
import { hasPermission } from '../session/permissions';
import { toast } from '../toast/toast';
import * as yup from 'yup';
import {
  ListPage, FormDialog, TextField, IdSelect, ValueSelect, DateTimeField, fieldError, allPages, useFormDialog, showApiFieldError, useSearch, useListPage, usePagedList, useEditDialog, useLiveRows, confirm, confirmDelete, BotLastError,
} from '../blocks';
import type { HostSdk } from './types';

let sdk: HostSdk | null = null;

/** The one SDK object handed to every remote. */
export function createSdk(): HostSdk {
  sdk ??= {
    api,
    socket: { on: socketClient.on, emit: socketClient.emit },
    useSession,
    useSocketEvent,
    useTranslation,
    i18n,
    toast: { success: toast.success, info: toast.info, error: toast.error },
    hasPermission: (perm) => hasPermission(sessionStore.get().user, perm),
    ui: { ListPage, FormDialog, TextField, IdSelect, ValueSelect, DateTimeField, fieldError, allPages, useFormDialog, showApiFieldError, useSearch, useListPage, usePagedList, useEditDialog, useLiveRows, confirm, confirmDelete, BotLastError, yup },
  };
  return sdk;
}
