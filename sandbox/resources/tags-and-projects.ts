import { newUuid } from '../ids.js';
import { businessRule } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import type { DataRoute, RequestContext } from '../http/route.js';
import type { ProjectRecord, TagRecord } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { checkRef, findOr404, newestFirstListRoute, runBulk, uuidParam } from './shared.js';

function tagView(tag: TagRecord) {
  return { id: tag.id, name: tag.name, createdAt: tag.createdAt, updatedAt: tag.updatedAt };
}

/** `tags` on a record: each {id, name}; tags deleted since are left out. */
export function tagsOf(ws: WorkspaceData, tagUuids: string[]) {
  return tagUuids.flatMap((id) => {
    const tag = ws.tags.get(id);
    return tag ? [{ id: tag.id, name: tag.name }] : [];
  });
}

function projectView(project: ProjectRecord) {
  return { ...project };
}

function createProject(ctx: RequestContext, input: unknown) {
  const reader = BodyReader.of(input);
  reader.rejectLegacy({ customerId: 'customerUuid' });
  const name = reader.string('name', { required: true, max: 255 });
  const customerUuid = reader.uuid('customerUuid', { nullable: true });
  const status = reader.enumOf('status', ['active', 'completed', 'archived'] as const);
  reader.finish();
  checkRef(reader, 'customerUuid', customerUuid, ctx.ws.customers, 'Customer');
  reader.assertValid();
  const project: ProjectRecord = {
    id: newUuid(),
    name: name!,
    customerUuid: customerUuid ?? null,
    status: status ?? 'active',
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  ctx.ws.projects.set(project.id, project);
  return { project, warnings: reader.warnings };
}

export const tagAndProjectRoutes: DataRoute[] = [
  newestFirstListRoute({ path: '/tags', key: 'tags', records: (ws) => ws.tags, view: tagView }),
  {
    method: 'POST',
    path: '/tags',
    handler(ctx) {
      const reader = BodyReader.of(ctx.body);
      const name = reader.string('name', { required: true, max: 100 });
      reader.finish();
      reader.assertValid();
      const lower = name!.toLowerCase();
      for (const tag of ctx.ws.tags.values()) {
        if (tag.name.toLowerCase() === lower)
          throw businessRule(`A tag named "${name}" already exists.`);
      }
      const tag: TagRecord = { id: newUuid(), name: name!, createdAt: ctx.now, updatedAt: ctx.now };
      ctx.ws.tags.set(tag.id, tag);
      return { status: 201, data: { tag: tagView(tag) }, warnings: reader.warnings };
    },
  },
  {
    method: 'DELETE',
    path: '/tags/:uuid',
    handler(ctx) {
      const tag = findOr404(ctx.ws.tags, uuidParam(ctx), 'Tag');
      ctx.ws.tags.delete(tag.id);
      return { message: 'Tag deleted.', data: { tag: tagView(tag) } };
    },
  },
  newestFirstListRoute({
    path: '/projects',
    key: 'projects',
    records: (ws) => ws.projects,
    view: projectView,
  }),
  {
    method: 'GET',
    path: '/projects/:uuid',
    handler: (ctx) => ({
      data: { project: projectView(findOr404(ctx.ws.projects, uuidParam(ctx), 'Project')) },
    }),
  },
  {
    method: 'POST',
    path: '/projects/bulk',
    handler(ctx) {
      return runBulk(ctx, 'projects', 'project', (input) => {
        const { project, warnings } = createProject(ctx, input);
        return { status: 'created', id: project.id, record: projectView(project), warnings };
      });
    },
  },
];
