export * from './catalog.js';
export * from './companies.js';
export * from './courses.js';
export * from './groups.js';
export * from './history.js';
export * from './rooms.js';
export * from './tenant.js';
export * from './users.js';
