import { useQuery } from '@tanstack/react-query';
import type { AdminLessonList } from '#shared/schemas/lesson-admin';
import { adminGet } from './admin-request';

export const lessonsKey = ['/api/admin/lessons'] as const;

/** GET /api/admin/lessons: the four lessons' live source, version and video, and the upload limit. */
export const useLessons = () => useQuery({ queryKey: lessonsKey, queryFn: ({ signal }) => adminGet<AdminLessonList>('/api/admin/lessons', signal), staleTime: 0 });
