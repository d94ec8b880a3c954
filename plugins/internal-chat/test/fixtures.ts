import type { Test } from 'tap';
import { User } from '../../../core/src/db/models/index.js';
import { build, type TestApp } from '../../../core/test/helper.js';

export interface Person { id: number; token: string; name: string }

/**
 * A company with the internal chat on and four people (an admin and three users), plus calls that read
 * like the console's. `as(person)` is the API as that person.
 */
export async function chatWorld(t: Test, name = 'Chat Co') {
  const testApp = await build(t);
  const tenant = await testApp.createTenant(name, { useInternalChat: true });
  const person = async (companyId: number) => {
    const u = await testApp.createUser(companyId);
    const row = await User.scoped(companyId).findById(u.id);
    return { id: u.id, token: u.token, name: row!.name };
  };
  const adminRow = await User.scoped(tenant.companyId).findById(tenant.admin.id);
  const admin: Person = { id: tenant.admin.id, token: tenant.admin.token, name: adminRow!.name };
  const [ana, bia, caio] = [await person(tenant.companyId), await person(tenant.companyId), await person(tenant.companyId)];
  return { ...testApp, tenant, companyId: tenant.companyId, admin, ana, bia, caio, person, as: (who: Person) => api(testApp, who) };
}

export function api(testApp: TestApp, who: Person) {
  const call = (method: string, url: string, body?: unknown, query?: Record<string, unknown>) =>
    testApp.request(method, `/api${url}`, { token: who.token, body, query });
  return {
    call,
    createChat: (title: string, users: Array<{ id: number }>) => call('POST', '/chats', { title, users }),
    updateChat: (id: number, title: string, users: Array<{ id: number }>) => call('PUT', `/chats/${id}`, { title, users }),
    deleteChat: (id: number) => call('DELETE', `/chats/${id}`),
    list: (query: Record<string, unknown> = {}) => call('GET', '/chats', undefined, query),
    chat: (ref: number | string) => call('GET', `/chats/${ref}`),
    send: (id: number, message: string) => call('POST', `/chats/${id}/messages`, { message }),
    messages: (id: number, pageNumber = 1) => call('GET', `/chats/${id}/messages`, undefined, { pageNumber }),
    read: (id: number, body: Record<string, unknown> = {}) => call('POST', `/chats/${id}/read`, body),
    unreads: () => call('GET', '/chats/unreads'),
  };
}

/** Each member's unread counter as the API shows it to the members. */
export function unreadsOf(chat: { users: Array<{ userId: number; unreads: number }> }): Record<number, number> {
  return Object.fromEntries(chat.users.map((m) => [m.userId, m.unreads]));
}
