/**
 * One policy per resource (docs/decisions/0099-one-policy-per-resource.md): each module says who may do what to
 * one kind of object, throws the 403 (or, for objects whose existence is private, the 404) when not, and returns
 * the viewer's abilities that responses carry. 401 is decided before, by the route's sign-in hook.
 */
export * from './blog';
export * from './comment';
export * from './community';
export * from './discussion';
export * from './friendship';
export * from './membership';
export * from './notification';
export * from './site';
export * from './report';
export * from './block';
export * from './removal';
