/**
 * Path identifiers: a malformed one is a bad parameter (400), a well-formed one
 * that names nothing (or something of another user) is not found (404).
 */
import { invalidParameter, notFound } from './errors.ts';
import type { Connection, Institution, Job, Snapshot, User, World } from './model.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTITUTION_ID = /^[A-Z]{2}\d{5}$/;

function checkUuid(parameter: string, value: string): void {
  if (!UUID.test(value)) throw invalidParameter(parameter, `${parameter} is not a valid identifier.`);
}

export function requireUser(world: World, id: string): User {
  checkUuid('user.id', id);
  const user = world.users.get(id);
  if (!user) throw notFound(`No user with id ${id}.`, 'user.id');
  return user;
}

export function requireConnection(world: World, user: User, id: string): Connection {
  checkUuid('connection.id', id);
  const connection = world.connections.get(id);
  if (!connection || connection.userId !== user.id) {
    throw notFound(`User ${user.id} has no connection ${id}.`, 'connection.id');
  }
  return connection;
}

export function requireInstitution(world: World, id: string): Institution {
  if (!INSTITUTION_ID.test(id))
    throw invalidParameter('institution.id', 'institution.id is not a valid identifier.');
  const institution = world.institutions.get(id);
  if (!institution) throw notFound(`No institution with id ${id}.`, 'institution.id');
  return institution;
}

export function requireJob(world: World, id: string): Job {
  checkUuid('job.id', id);
  const job = world.jobs.get(id);
  if (!job) throw notFound(`No job with id ${id}.`, 'job.id');
  return job;
}

export function requireSnapshot(world: World, user: User, id: string): Snapshot {
  checkUuid('affordability.id', id);
  const snapshot = world.snapshots.get(id);
  if (!snapshot || snapshot.userId !== user.id) {
    throw notFound(`User ${user.id} has no affordability snapshot ${id}.`, 'affordability.id');
  }
  return snapshot;
}
