import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { IDENTITY_MESSAGES } from '../../../shared/contract/identityMessages';
import { toast } from '../../lib/toast';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { userSignedOut } from '../auth/authEvents';
import { useLogoutMutation } from '../auth/authApi';

/** 'Logout' with the spec's confirm dialog; the server revokes the token, then the session is cleared. */
export function LogoutButton({ onLeaving }: { onLeaving?: () => void }) {
  const [open, setOpen] = useState(false);
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const confirm = async () => {
    // The session ends here even if the server cannot be reached: a token left behind is still revoked at next use.
    await logout()
      .unwrap()
      .catch(() => undefined);
    setOpen(false);
    onLeaving?.();
    dispatch(userSignedOut());
    void navigate(paths.home, { replace: true });
    toast.success(IDENTITY_MESSAGES.loggedOut);
  };

  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Logout
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="logout-title">
        <DialogTitle id="logout-title">Confirm Logout</DialogTitle>
        <DialogContent>
          <DialogContentText>Are you sure you want to Logout ?</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={isLoading}>
            Logout
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
