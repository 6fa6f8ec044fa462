import type { EntityManager } from 'typeorm';
import { lockForTransaction } from '../../platform/database/advisory-lock';

// The advisory locks of the identity context: every key it locks is built here. Fixed keys are numbers of
// the 727_xxx range (migrations hold 727_001), each used once.
const FIRST_USER = 727_101;
const GLOBAL_OWNERS = 727_102;
const CREDENTIAL_SEALING = 727_103;

// Serializes concurrent bootstrap calls so that exactly one of them creates the first user.
export async function lockFirstUser(tx: EntityManager): Promise<void> {
  await lockForTransaction(tx, FIRST_USER);
}

// Serializes changes that could remove the last GLOBAL_OWNER.
export async function lockGlobalOwners(tx: EntityManager): Promise<void> {
  await lockForTransaction(tx, GLOBAL_OWNERS);
}

// Every instance starting on the database seals the stored credentials; one at a time, so two never seal
// one row twice.
export async function lockCredentialSealing(tx: EntityManager): Promise<void> {
  await lockForTransaction(tx, CREDENTIAL_SEALING);
}

const GLOBAL_API_KEYS = 727_104;

// Serializes global key creation so the cap on global keys holds under concurrency.
export async function lockGlobalApiKeys(tx: EntityManager): Promise<void> {
  await lockForTransaction(tx, GLOBAL_API_KEYS);
}

// Serializes the federated sign-ins of one person, whose user name is compared ignoring case, so that two
// first sign-ins at once, however the identity provider spelled the name, make one user.
export async function lockFederatedUser(tx: EntityManager, username: string): Promise<void> {
  await lockForTransaction(tx, `identity:federated-user:${username.toLowerCase()}`);
}
