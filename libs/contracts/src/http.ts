/** The shape of every error answer of the api. */
export interface ApiErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
}

/**
 * GET /api/auth/user answers 401 when signed out; a request with this header set to '1' gets 200 with no user
 * instead (the web's current-user query: for a guest, signed out is the answer, not an error, and a 401 would
 * put an error in the browser's console on every guest page).
 */
export const SIGNED_OUT_OK_HEADER = 'X-Signed-Out-Ok';
