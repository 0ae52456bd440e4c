import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import type { SignedInUser } from './fastify';

/** The signed-in user of a protected route (the auth hook has already refused requests without one). */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}
