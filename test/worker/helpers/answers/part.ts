/**
 * A recorded answer that holds part of a large published shape (Lemmy's views, Bluesky's post views): any field
 * may be left out, at any depth, but every field it holds is named and typed as the platform's package says, so
 * a misspelt or mistyped field still fails the typecheck.
 */
export type PartOf<T> = T extends readonly (infer U)[]
  ? PartOf<U>[]
  : T extends object
    ? { [K in keyof T]?: PartOf<T[K]> }
    : T;
