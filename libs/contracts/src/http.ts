/** The shape of every error answer of the api. */
export interface ApiErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
}
