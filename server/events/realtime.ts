import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { Server } from 'socket.io';
import type { Database } from '../db/connect.ts';
import type { SessionLimits } from '../domain/sessions.ts';
import type { Config } from '../config.ts';
import { authenticateToken } from '../http/access.ts';
import { comesFromApp } from '../http/sameOrigin.ts';
import { readCookie, sessionCookieName } from '../http/sessionCookie.ts';
import { readsAsSuperAdmin } from '../../src/services/schemas.ts';

export interface Realtime {
  emitToUser(userId: number, event: string, payload: unknown): void;
  /** To everyone who may see the client: its scoped users and every user who sees all clients. */
  emitToClientWatchers(clientId: number, event: string, payload: unknown): void;
  /** To every signed-in user who may run or read settlements (SUPER ADMIN or AUDITOR with the Settlement module). */
  emitToSettlers(event: string, payload: unknown): void;
  /** To every signed-in user who sees all clients (the SUPER ADMINs): the Approvals screen's live updates. */
  emitToSuperAdmins(event: string, payload: unknown): void;
  /** A user's clients changed: their open sockets leave the old client rooms and join the new ones. */
  refreshScope(userId: number, scope: number[] | null): Promise<void>;
  /** Ends the live connections of revoked sessions at once, not at their next request. */
  disconnectUser(userId: number): void;
  disconnectSession(sessionId: number): void;
  close(): Promise<void>;
  /** Sockets connected to this node now (/metrics). */
  connected(): number;
}

const userRoom = (id: number) => `user:${id}`;
const sessionRoom = (id: number) => `session:${id}`;
const clientRoom = (id: number) => `client:${id}`;
const ALL_CLIENTS = 'clients:all';
const SETTLERS = 'settlers';

/**
 * socket.io on the API's own port, admitting only OTP-verified sessions: an API script's
 * `auth.token`, or else the browser's session cookie, which the handshake carries by itself. A
 * cookie-authenticated handshake must come from the app's own page: another site's page could
 * otherwise open a socket with the person's cookie and listen (cross-site WebSocket hijacking).
 */
export function attachRealtime(
  server: HttpServer,
  database: Database,
  limits: SessionLimits,
  config: Pick<Config, 'production' | 'publicOrigin'>,
): Realtime {
  const io = new Server(server, { serveClient: false });
  // Several API nodes on one PostgreSQL share every emit (and fetchSockets, disconnectSockets) through
  // LISTEN/NOTIFY; embedded PGlite is one node, and keeps socket.io's in-memory adapter.
  if (database.kind === 'postgres')
    io.adapter(
      createAdapter(database.db.$client as unknown as pg.Pool, {
        errorHandler: (error) => console.error('socket.io adapter:', error.message),
      }),
    );
  io.use(async (socket, next) => {
    const bearer = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    const cookie = bearer ? null : readCookie(socket.handshake.headers.cookie, sessionCookieName(config));
    const token = bearer ?? (cookie?.kind === 'value' ? cookie.value : null);
    const encrypted = 'encrypted' in socket.request.socket && socket.request.socket.encrypted === true;
    if (!bearer && token && !comesFromApp(socket.handshake.headers, encrypted, config))
      return next(new Error('forbidden'));
    let auth;
    try {
      auth = token ? await authenticateToken(database, limits, token, bearer ? 'bearer' : 'cookie') : null;
    } catch {
      // A database hiccup is not a verdict on the session: the client retries instead of signing out.
      return next(new Error('unavailable'));
    }
    if (!auth || !auth.otpVerified) return next(new Error('unauthorized'));
    // Client rooms follow the scope at connection; refreshScope moves open sockets when it changes.
    const scope = auth.principal.clientScope;
    socket.join([
      userRoom(auth.principal.id),
      sessionRoom(auth.sessionId),
      ...(scope ? scope.map(clientRoom) : [ALL_CLIENTS]),
    ]);
    // Settlement progress spans every client of a channel: only those who may settle hear it, and an
    // AUDITOR who reads the runs (issue 28).
    if (readsAsSuperAdmin(auth.principal.type) && auth.principal.moduleIds.includes('settlement'))
      socket.join(SETTLERS);
    next();
  });
  return {
    emitToUser: (userId, event, payload) => {
      io.to(userRoom(userId)).emit(event, payload);
    },
    emitToClientWatchers: (clientId, event, payload) => {
      io.to([clientRoom(clientId), ALL_CLIENTS]).emit(event, payload);
    },
    emitToSettlers: (event, payload) => {
      io.to(SETTLERS).emit(event, payload);
    },
    emitToSuperAdmins: (event, payload) => {
      io.to(ALL_CLIENTS).emit(event, payload);
    },
    refreshScope: async (userId, scope) => {
      for (const socket of await io.in(userRoom(userId)).fetchSockets()) {
        for (const room of socket.rooms) if (room.startsWith('client:') || room === ALL_CLIENTS) socket.leave(room);
        socket.join(scope ? scope.map(clientRoom) : [ALL_CLIENTS]);
      }
    },
    disconnectUser: (userId) => {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    disconnectSession: (sessionId) => {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    close: () =>
      new Promise((resolve) => {
        io.close(() => resolve());
      }),
    connected: () => io.of('/').sockets.size,
  };
}
