import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (memory 19 MiB, 2 passes): ~85 ms a hash on the target machines.
export const hashPassword = (password: string) => hash(password);
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password).catch(() => false);

/** A valid hash of a password nobody knows: unknown logins are verified against it so they take as long as known ones. */
let decoy: Promise<string> | undefined;
export const decoyPasswordHash = () => (decoy ??= hashPassword(`decoy-${Math.random()}`));
