! Pendulum: the model of pendulum.adm as an Adams View command file, with View's names.
! A 1 m rod hinged at the ground origin stands at 30 degrees from the x axis and turns at
! 2 rad/s about z (angles are in radians, as defaults units says, unless marked d); the centre
! of mass moves at omega x r_cm.
!
defaults units  &
   length = meter  &
   angle = rad  &
   force = newton  &
   mass = kg  &
   time = sec
!
model create  &
   model_name = pendulum
!
marker create  &
   marker_name = .pendulum.ground.hinge  &
   location = 0.0, 0.0, 0.0  &
   orientation = 0.0d, 0.0d, 0.0d
!
part create rigid_body name_and_position  &
   part_name = .pendulum.rod  &
   location = 0.0, 0.0, 0.0  &
   orientation = 30.0d, 0.0d, 0.0d
!
marker create  &
   marker_name = .pendulum.rod.pin  &
   location = 0.0, 0.0, 0.0  &
   relative_to = .pendulum.rod
!
marker create  &
   marker_name = .pendulum.rod.cm  &
   location = 0.5, 0.0, 0.0  &
   relative_to = .pendulum.rod
!
marker create  &
   marker_name = .pendulum.rod.tip  &
   location = 1.0, 0.0, 0.0  &
   relative_to = .pendulum.rod
!
part create rigid_body mass_properties  &
   part_name = .pendulum.rod  &
   mass = 1.0  &
   center_of_mass_marker = .pendulum.rod.cm
!
part create rigid_body initial_velocity  &
   part_name = .pendulum.rod  &
   vx = -0.5  &
   vy = 0.8660254037844386  &
   wz = 2.0
!
constraint create joint revolute  &
   joint_name = .pendulum.hinge  &
   i_marker_name = .pendulum.rod.pin  &
   j_marker_name = .pendulum.ground.hinge
!
force create direct single_component_force  &
   single_component_force_name = .pendulum.damper  &
   adams_id = 1  &
   type_of_freedom = rotational  &
   i_marker_name = .pendulum.rod.pin  &
   j_marker_name = .pendulum.ground.hinge  &
   action_only = off  &
   function = "-0.8*WZ(.pendulum.rod.pin, .pendulum.ground.hinge)",  &
              " - 12*AZ(.pendulum.rod.pin, .pendulum.ground.hinge)"
