/** `build` made once per key object (a binding, an env) and kept as long as the key lives. */
export function oncePer<K extends object, V>(build: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    if (made.has(key)) return made.get(key) as V;
    const value = build(key);
    made.set(key, value);
    return value;
  };
}
