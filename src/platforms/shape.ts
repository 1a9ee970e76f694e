/**
 * Type helpers that hold an adapter's request and answer shapes to a platform's published definitions (a type package
 * or the reference page), so a misspelt or misplaced field fails the typecheck. Types only: nothing here runs.
 */

/** A type's declared fields without its index signature (`[k: string]: unknown`), so an unknown name is an error. */
export type Declared<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : symbol extends K ? never : K]: T[K];
};

/**
 * An answer as Herald reads it: the fields `K` it relies on, and any other field of the published shape `T` (a
 * recorded answer may carry them); a field `T` does not declare is an error.
 */
export type Reads<T, K extends keyof Declared<T>> = Pick<Declared<T>, K> & Partial<Declared<T>>;
