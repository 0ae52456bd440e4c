// Counts shown on the shell's sidebar badges. To be backed by the working-order and drafts stores (orders feature).
export function useOrderPositionCount(): number {
  return 0;
}

export function useDraftCount(): number {
  return 0;
}
