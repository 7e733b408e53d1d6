import type { PublicUser } from '@planejador/contracts';

/** The users columns a signed-in request needs (never the password hash). */
export const PUBLIC_USER_COLUMNS = ['id', 'email', 'first_name', 'last_name', 'profile_image_url', 'credits', 'role', 'created_at', 'updated_at'] as const;

export type PublicUserRow = {
  id: string; email: string; first_name: string | null; last_name: string | null; profile_image_url: string | null;
  credits: number; role: PublicUser['role']; created_at: Date; updated_at: Date;
};

export function toPublicUser(u: PublicUserRow): PublicUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.first_name,
    lastName: u.last_name,
    profileImageUrl: u.profile_image_url,
    credits: u.credits,
    role: u.role,
    createdAt: u.created_at.toISOString(),
    updatedAt: u.updated_at.toISOString(),
  };
}
