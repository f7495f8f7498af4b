/**
 * What an admin route declares about itself for the audit log (issue #16): the admin scope
 * records every state-changing request that succeeds, so no module mounted inside it can forget
 * to. `action` names what was done ("knowledge.replace", "post.hide"); `targetType` and
 * `targetParam` say on what (the route parameter holding the target's id), when there is one.
 */
export interface AuditRouteConfig {
  action: string;
  targetType?: string;
  targetParam?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditRouteConfig;
  }
}
