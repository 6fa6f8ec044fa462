// The product documents no event for its alert-muting maintenance windows (only
// Atlas's different ATLAS_MAINTENANCE_WINDOW_* exist). Ours, named like the product's
// *_ADDED/_CHANGED/_DELETED.
export const MaintenanceWindowEventTypes = {
  MAINTENANCE_WINDOW_ADDED: 'MAINTENANCE_WINDOW_ADDED',
  MAINTENANCE_WINDOW_CHANGED: 'MAINTENANCE_WINDOW_CHANGED',
  MAINTENANCE_WINDOW_DELETED: 'MAINTENANCE_WINDOW_DELETED',
} as const;
