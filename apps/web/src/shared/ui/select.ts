/** Mantine's Select on its own, for deferred-select.tsx to load after the first paint. */
export { Select } from '@mantine/core';
