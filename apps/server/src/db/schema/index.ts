export * from './users';
export * from './groups';
export * from './discussions';
export * from './blogs';
export * from './social';
export * from './uploads';
export * from './edits';
