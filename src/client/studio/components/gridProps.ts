/**
 * What the console's Data Grids are given that never changes. A grid redraws every cell when a prop
 * it is given is a new object or array, so what is fixed is made once here, not in each render.
 */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];
